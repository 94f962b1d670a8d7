import Foundation
// Command dispatch; each command lives in its own file in this folder.
print("checkout: under construction")
