// Test helpers: the goldens the notebooks write (tests/golden/*.json) and the documents' printed digits.
#pragma once

#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

namespace poslab::testing {

inline nlohmann::json load_golden(const std::string& name) {
  const std::string path = std::string(POSLAB_SOURCE_DIR) + "/tests/golden/" + name;
  std::ifstream in(path);
  if (!in) throw std::runtime_error("missing golden " + path + " (run npm run notebooks)");
  return nlohmann::json::parse(in);
}

/// `value` written with as many digits as `printed` has, the way torch/numpy printed it: "0.84147",
/// "1.0746e-07", "1.0" — so "the same digits" is checked literally.
inline std::string as_printed(double value, const std::string& printed) {
  char buffer[64];
  const auto e = printed.find_first_of("eE");
  const auto dot = printed.find('.');
  const int decimals = dot == std::string::npos ? 0 : static_cast<int>((e == std::string::npos ? printed.size() : e) - dot - 1);
  if (e != std::string::npos) {
    std::snprintf(buffer, sizeof buffer, "%.*e", decimals, value);
  } else {
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
  }
  return buffer;
}

/// The printed string normalised the same way (so "1.0e-4" and "1.0000e-04" compare by value and digits).
inline std::string normalised(const std::string& printed) { return as_printed(std::stod(printed), printed); }

}  // namespace poslab::testing
