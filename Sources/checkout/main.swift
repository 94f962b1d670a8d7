import CheckoutCommands
import Glibc

// The executable is the commands' library run on this process's arguments; everything it does is
// in CheckoutCommands, where tests can call it.
exit(await Checkout.run(Array(CommandLine.arguments.dropFirst())))
