"""The attack suite of issue 14: hostile corpora, broken caches, killed builds. Each test reproduces one
failure found by attacking the tool from outside, and fails on the code that had it."""
