"""What goes out: the manifest (what ships where), the student edition and the Gradescope autograder."""
