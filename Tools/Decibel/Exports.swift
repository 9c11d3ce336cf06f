// `import Decibel` brings in the whole library: Core's types and every compiled-in backend.
@_exported import DecibelCore
@_exported import DecibelNull
