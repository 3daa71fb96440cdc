/// The steps from an object to its image: the object `shows` a visual item, which is `digitally_shown_by` a digital
/// object, whose `access_point` is the image's IIIF URL. A step may already hold the next one inline.
enum LinkedArtImageChain {
    /// What a visual item's document says of its digital objects: image URLs given inline, or ids to fetch.
    static func digitalObjects(inVisualItem node: LinkedArtNode) -> (accessPoints: [String], ids: [String]) {
        let objects = node.digitallyShownBy + node.digitallyCarriedBy
        let inline = objects.flatMap(accessPoints)
        return (inline, objects.filter { accessPoints($0).isEmpty }.compactMap(\.id))
    }

    /// The image URLs a digital object gives.
    static func accessPoints(_ node: LinkedArtNode) -> [String] {
        node.accessPoint.compactMap(\.id).filter { $0.hasPrefix("https://") || $0.hasPrefix("http://") }
    }
}
