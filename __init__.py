"""railhead: digitize WWI hex maps, judge moves and supply, export to VASSAL and print."""

__version__ = "0.1.0"
