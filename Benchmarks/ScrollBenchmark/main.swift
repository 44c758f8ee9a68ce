print("scroll benchmark")
