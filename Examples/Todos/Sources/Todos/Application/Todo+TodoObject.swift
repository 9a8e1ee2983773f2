extension Todo {
    /// The entity for a DTO the API sent: where the service layer's shape ends.
    init(_ object: TodoObject) {
        self.init(id: object.id, title: object.title, isCompleted: object.completed)
    }
}
