# Finds Python 3 for the tests, or stops with the Debian package to install. A version manager's
# shim (pyenv's starts a shell script and costs about 0.3 s a start, ten times the interpreter)
# is replaced by the interpreter it starts, so the hundreds of Python starts CTest makes cost
# what Python costs.

find_package(Python3 COMPONENTS Interpreter QUIET)
if(NOT Python3_Interpreter_FOUND)
  message(FATAL_ERROR "python3 was not found: install the Debian package python3\n"
                      "  sudo apt-get install python3")
endif()
execute_process(COMMAND ${Python3_EXECUTABLE} -c "import sys; print(sys.executable)"
                OUTPUT_VARIABLE bloom_python OUTPUT_STRIP_TRAILING_WHITESPACE
                RESULT_VARIABLE bloom_python_result)
if(bloom_python_result EQUAL 0 AND EXISTS "${bloom_python}")
  set(Python3_EXECUTABLE "${bloom_python}")
endif()
