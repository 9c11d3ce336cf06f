/// A fixed array the render thread reads without reference counting: Swift's `Array`, read from a class's
/// stored property, retains its buffer (and copies of class references) on each access. The owner frees
/// it with `deallocate()` once nothing renders with it.
struct RenderArray<Element> {
    private let base: UnsafeMutablePointer<Element>
    /// The number of elements.
    let count: Int

    init(_ elements: [Element]) {
        count = elements.count
        base = .allocate(capacity: max(1, elements.count))
        base.initialize(from: elements, count: elements.count)
    }

    @inline(__always)
    subscript(index: Int) -> Element { base[index] }

    func deallocate() {
        base.deinitialize(count: count)
        base.deallocate()
    }
}
