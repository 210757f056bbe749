# Tests of a sanitizer build (the asan and fuzz presets) carry the label
# `sanitize` and run with the sanitizers' options: UBSan stops at its first
# report with a stack, LSan skips only the third-party leaks listed in
# lsan.supp. Included by tests/ and tests/fuzz/.
if(CMAKE_CXX_FLAGS MATCHES "-fsanitize=" OR KATLAS_FUZZ)
  set(KATLAS_SANITIZER_BUILD ON)
else()
  set(KATLAS_SANITIZER_BUILD OFF)
endif()
set(KATLAS_SANITIZER_ENV
    "ASAN_OPTIONS=detect_leaks=1"
    "LSAN_OPTIONS=suppressions=${CMAKE_CURRENT_LIST_DIR}/lsan.supp:print_suppressions=0"
    "UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1")

# Adds the label and the options to `test`, keeping its own environment; a
# Debug build under the sanitizers runs a few times slower: so may the test.
function(katlas_sanitizer_test test)
  if(NOT KATLAS_SANITIZER_BUILD)
    return()
  endif()
  get_test_property(${test} TIMEOUT timeout)
  if(timeout)
    math(EXPR timeout "${timeout} * 3")
    set_tests_properties(${test} PROPERTIES TIMEOUT ${timeout})
  endif()
  set_property(TEST ${test} APPEND PROPERTY ENVIRONMENT ${KATLAS_SANITIZER_ENV})
  set_property(TEST ${test} APPEND PROPERTY LABELS sanitize)
endfunction()
