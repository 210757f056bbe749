key = "a"
