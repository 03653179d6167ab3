"""Test support: which step of the student's a hint points at. One list for every test that
judges hints (hints_test.py, mutants_test.py), so that a new command is added once."""

# The function whose answer a line sending each command shows, when every line before it in
# the case was right: what a hint bound to that command may blame, and what a premise
# `@given COMMAND` claims right. The names are BLOOM_FUNCTIONS' (reference/functions.hpp).
# INDEXES's and CONTAINS's answers come from the current filter's index function: a hint on
# either may blame any of them, since a case works on one kind of filter and the others cannot
# fail it.
INDEX_FUNCTIONS = {"bip37_bit_index", "guava_index", "go_index"}
BLAMES = {"HASH": {"murmur3_32"}, "POSITIONS": {"double_hash_position"}, "FNV": {"fnv1a_64"},
          "CHECK": {"classic_position"}, "SIZE": {"classic_filter_size"}, "INIT": {"bip37_filter_size"},
          "INDEXES": INDEX_FUNCTIONS, "CONTAINS": INDEX_FUNCTIONS, "FILTERLOAD": {"filterload_payload"},
          "HASH128": {"murmur3_x64_128"}, "CRC32": {"crc32_ieee"}, "GUAVA": {"guava_filter_size"},
          "GOLANG": {"go_filter_size"}, "WRITETO": {"guava_write_to"}}
