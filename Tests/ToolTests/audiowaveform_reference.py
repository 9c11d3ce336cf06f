"""audiowaveform's waveform data computed with numpy: the independent reference of AudiowaveformTests.

usage: audiowaveform_reference.py SAMPLES FORMAT CHANNELS RATE OUT.(dat|json|txt) SPP SPLIT BITS AUTOSCALE [RESCALE]

SAMPLES holds interleaved little-endian samples: FORMAT s16 (sox's 16-bit decode), or f32-floor, f32-round,
f32-truncate (decoded floats, made 16-bit by that rule). With RESCALE the data at SPP is re-zoomed to RESCALE
samples per pixel. Written from audiowaveform's documented behaviour, not from Decibel's code.
"""
import struct
import sys

import numpy as np

samples_path, sample_format, channels, rate, out_path, spp, split, bits, autoscale = sys.argv[1:10]
rescale = int(sys.argv[10]) if len(sys.argv) > 10 else None
channels, rate, spp, bits = int(channels), int(rate), int(spp), int(bits)
split, autoscale = split == "1", autoscale == "1"

if sample_format == "s16":
    x = np.fromfile(samples_path, dtype="<i2").astype(np.int64)
else:
    f = np.fromfile(samples_path, dtype="<f4").astype(np.float32)
    rule = sample_format.split("-")[1]
    if rule == "floor":
        v = np.floor(f * np.float32(32768))
    elif rule == "round":
        v = np.rint(f * np.float32(32767))
    else:
        v = np.trunc(f * np.float32(32767))
    x = np.clip(np.nan_to_num(v), -32768, 32767).astype(np.int64)
x = x.reshape(-1, channels)

if not split:
    # Integer mean of the 16-bit samples, truncated toward zero as C's division does.
    total = x.sum(axis=1)
    x = (np.abs(total) // channels * np.sign(total)).reshape(-1, 1)

starts = np.arange(0, len(x), spp)
low = np.minimum.reduceat(x, starts, axis=0)
high = np.maximum.reduceat(x, starts, axis=0)

if rescale:
    length = len(low)
    spans = []
    k = 0
    while k * rescale // spp < length:
        spans.append((k * rescale // spp, min(length, (k + 1) * rescale // spp)))
        k += 1
    low = np.array([low[a:b].min(axis=0) for a, b in spans])
    high = np.array([high[a:b].max(axis=0) for a, b in spans])
    spp = rescale

if autoscale and len(low):
    lo, hi = int(low.min()), int(high.max())
    scale_high = 1.0 if hi == 0 else 32767.0 / hi
    scale_low = 1.0 if lo == 0 else 32767.0 / lo
    m = abs(min(scale_high, scale_low))
    low = np.trunc(np.clip(low * m, -32768, 32767)).astype(np.int64)
    high = np.trunc(np.clip(high * m, -32768, 32767)).astype(np.int64)

pairs = np.stack([low, high], axis=2).reshape(len(low), -1)  # per pixel: min, max of each channel
if bits == 8:
    pairs = np.abs(pairs) // 256 * np.sign(pairs)
out_channels = pairs.shape[1] // 2

if out_path.endswith(".dat"):
    version = 1 if out_channels == 1 else 2
    header = struct.pack("<iIiiI", version, 1 if bits == 8 else 0, rate, spp, len(pairs))
    if version == 2:
        header += struct.pack("<i", out_channels)
    body = pairs.astype("<i1" if bits == 8 else "<i2").tobytes()
    open(out_path, "wb").write(header + body)
elif out_path.endswith(".json"):
    data = ",".join(str(int(v)) for v in pairs.reshape(-1))
    text = (f'{{"version":2,"channels":{out_channels},"sample_rate":{rate},"samples_per_pixel":{spp},'
            f'"bits":{bits},"length":{len(pairs)},"data":[{data}]}}\n')
    open(out_path, "w").write(text)
else:
    open(out_path, "w").write("".join(",".join(str(int(v)) for v in row) + "\n" for row in pairs))
