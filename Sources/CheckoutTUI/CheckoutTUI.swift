// The terminal UI (issue 4) lives in this module.
public enum CheckoutTUIModule {}
