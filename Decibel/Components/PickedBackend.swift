import DecibelCore

/// `backend` if given, else the registry's runtime pick (what components use by default).
func resolveBackend(_ backend: (any AudioBackend)?) throws(AudioError) -> any AudioBackend {
    if let backend { return backend }
    return try BackendRegistry.default.select().backend
}
