class Half(:
    def run(self, x
        return self.go(x) if x else [
def tail(a, *, b=lambda: (yield)):
    print(f"{a!r:>{b}}", *a, **{"k": 1})
    del a[1:2], b
