import Foundation
import MarqueeCore
import MarqueeUpstream
import MarqueeWire

extension RijksmuseumProvider {
    /// The work with Linked Art id `linkedID` (the number at the end of `https://id.rijksmuseum.nl/…`): from memory,
    /// else its document, then its image through the visual item and the digital object. Remembered once the chain
    /// was followed to its end, with or without an image.
    func resolve(linkedID: String) async throws -> ArtworkDetails {
        if let known = memo.work(linkedID: linkedID, at: now()) { return known }
        guard let object = try? JSONDecoder().decode(LinkedArtObject.self, from: Data(try await document(linkedID)))
        else { throw Self.unreadable }
        guard let number = object.objectNumber.flatMap({ try? ObjectNumber($0) }) else { throw Self.unreadable }
        let (images, complete) = await images(of: object)
        let details = ArtworkDetails(
            id: number.value, title: object.title ?? number.value, maker: object.makerLine, date: object.dateText,
            thumbnailURL: images?.thumbnail, imageURL: images?.large, makers: object.makers,
            dating: .init(text: object.dateText, beginYear: object.beginYear, endYear: object.endYear),
            place: object.place, objectType: object.objectType, materials: object.materials,
            dimensions: object.dimensions, description: object.description, webURL: number.webURL,
            creditLine: object.creditLine, source: ArtSource.rijksmuseum.rawValue)
        if complete { memo.store(details, linkedID: linkedID, at: now()) }
        return details
    }

    /// The object's image, and whether the chain was followed to its end: a step that could not be fetched is
    /// not taken for a missing image.
    private func images(of object: LinkedArtObject) async -> (ArtworkImages?, complete: Bool) {
        var complete = true
        for visualItem in object.visualItems.prefix(2) {
            do {
                let item = try node(try await document(visualItem))
                let (inline, digitalObjects) = LinkedArtImageChain.digitalObjects(inVisualItem: item)
                if let url = inline.first { return (ArtworkImages(accessPoint: url), true) }
                for digitalObject in digitalObjects.prefix(2) {
                    let accessPoints = LinkedArtImageChain.accessPoints(try node(try await document(digitalObject)))
                    if let url = accessPoints.first { return (ArtworkImages(accessPoint: url), true) }
                }
            } catch let error as DomainError where error.code == .artworkNotFound {
                continue
            } catch {
                complete = false
            }
        }
        return (nil, complete)
    }

    /// The Linked Art document `linkedID` (a URL or its last segment), asked for at the configured id URL.
    func document(_ linkedID: String) async throws -> [UInt8] {
        guard let key = Self.localID(linkedID) else { throw Self.unreadable }
        do {
            return try await fetcher.current(
                cacheKey: "rijksmuseum:id/\(key)", url: "\(idURL)/\(key)", headers: [("Accept", "application/ld+json")],
                logPath: "/{id}", freshFor: Self.freshFor, servableFor: Self.servableFor
            ).body
        } catch let error as DomainError where error.code == .catalogNotFound {
            throw DomainError(.artworkNotFound, "The Rijksmuseum has no object \(key).")
        }
    }

    private func node(_ body: [UInt8]) throws -> LinkedArtNode {
        do {
            return try JSONDecoder().decode(LinkedArtNode.self, from: Data(body))
        } catch {
            throw Self.unreadable
        }
    }

    /// The last segment of a Linked Art id (`200107928`), when it is plain letters and digits: the documents are
    /// always fetched from the configured id URL, never from wherever an upstream points.
    static func localID(_ linkedID: String) -> String? {
        let key = linkedID.split(separator: "/").last.map(String.init) ?? ""
        guard !key.isEmpty, key.count <= 64, key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
            return nil
        }
        return key
    }
}
