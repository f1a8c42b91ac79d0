"""Input, output and drawing: the character buffer, the terminal and the map."""
