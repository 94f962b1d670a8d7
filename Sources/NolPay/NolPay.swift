// The Nol Pay components (issue 5) live in this module.
public enum NolPayModule {}
