"""The course's notebook lessons and the tools that keep their stored outputs honest."""
