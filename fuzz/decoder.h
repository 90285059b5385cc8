#pragma once
// Turns fuzzer bytes into typed values. Every input decodes to something valid:
// choices are taken modulo the number of options, so every input is a legal game.
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace arbiter::fuzz {

class Decoder {
 public:
  Decoder(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}

  bool empty() const { return pos_ >= size_; }
  std::size_t remaining() const { return size_ - pos_; }

  std::uint8_t byte() { return pos_ < size_ ? data_[pos_++] : 0; }
  // Two bytes, little-endian: enough to pick among any step's joint actions.
  std::uint32_t choice() {
    std::uint32_t lo = byte(), hi = byte();
    return lo | (hi << 8);
  }
  // The rest of the input as text.
  std::string_view rest() {
    std::string_view s(reinterpret_cast<const char*>(data_ + pos_), size_ - pos_);
    pos_ = size_;
    return s;
  }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t pos_ = 0;
};

}  // namespace arbiter::fuzz
