import to_import.to_import

def func():
    pass
