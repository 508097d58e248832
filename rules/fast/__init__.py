"""Compiled batch kernels (numba) that play numbered deals in bulk.

They re-implement the rules in array form for speed and are trusted only because
the tests replay thousands of deals through both and compare every result. Import
this package only when autoplay starts: compiling or even loading numba is too slow
for the app's start-up.
"""
