extension FetchedPage where Info == Void {
    /// A numbered page of the API, which says nothing more of its list.
    init<Numbered: NumberedPage>(_ page: Numbered) where Numbered.Item == Item {
        self.init(items: page.results, totalPages: page.totalPages, info: ())
    }
}
