// `import Decibel` brings in the whole library: Core's types and every compiled-in backend.

@_exported import DecibelALSA
@_exported import DecibelCore
@_exported import DecibelFormats
@_exported import DecibelGraph
@_exported import DecibelJACK
@_exported import DecibelNull
@_exported import DecibelPipeWire
@_exported import DecibelPulse
@_exported import DecibelStreams
