// The manual clock and the seeded generator live in the product now (the demo runs on them);
// tests keep finding them here.
@_exported import class CheckoutEngine.ManualClock
@_exported import struct CheckoutCore.SplitMix64
