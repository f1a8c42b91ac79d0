"""Epic Cosmos: a turn-based space strategy whose whole galaxy comes from one seed."""
