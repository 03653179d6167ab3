# BLOOM_EXERCISES: the course's exercises, in lesson order, as the kit's one reader of the
# manifest (grader/manifest.cpp) reads exercises.tsv: built and run here, at configure time.
# A malformed manifest stops the configuration with the reader's message (file and line).
try_run(bloom_manifest_ran bloom_manifest_built
  ${CMAKE_BINARY_DIR}/manifest-reader
  SOURCES ${PROJECT_SOURCE_DIR}/cmake/print_exercises.cpp ${PROJECT_SOURCE_DIR}/grader/manifest.cpp
          ${PROJECT_SOURCE_DIR}/grader/core/file_io.cpp
  CMAKE_FLAGS "-DINCLUDE_DIRECTORIES=${PROJECT_SOURCE_DIR}/grader;${PROJECT_SOURCE_DIR}/grader/core"
  CXX_STANDARD 20
  CXX_STANDARD_REQUIRED ON
  COMPILE_OUTPUT_VARIABLE bloom_manifest_compiler_said
  RUN_OUTPUT_VARIABLE bloom_manifest_said
  ARGS ${PROJECT_SOURCE_DIR})
if(NOT bloom_manifest_built)
  message(FATAL_ERROR "cannot build the manifest's reader (grader/manifest.cpp):\n"
                      "${bloom_manifest_compiler_said}")
endif()
if(NOT bloom_manifest_ran EQUAL 0)
  message(FATAL_ERROR "${bloom_manifest_said}")
endif()
set(BLOOM_EXERCISES ${bloom_manifest_said})
# try_run keeps its results in the cache; read the manifest afresh at every configuration.
unset(bloom_manifest_ran CACHE)
unset(bloom_manifest_ran__TRYRUN_OUTPUT CACHE)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/exercises.tsv)
