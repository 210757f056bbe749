# Demo fixture of Kernel Atlas: a package marker.
