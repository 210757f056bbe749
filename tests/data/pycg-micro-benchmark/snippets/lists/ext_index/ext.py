key = 1
