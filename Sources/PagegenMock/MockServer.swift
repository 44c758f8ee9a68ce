/// A mock HTTP server that serves any spec (being written).
public enum PagegenMockPlaceholder {}
