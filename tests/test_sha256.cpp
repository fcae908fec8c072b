// SHA-256 against the FIPS 180-4 / NIST CAVS known answers, and lengths around the padding
// boundaries (55, 56, 63, 64, 65 bytes...) checked against coreutils' sha256sum.
#include <catch2/catch.hpp>

#include <string>

#include "sim/core/sha256.h"

using namespace leth;

TEST_CASE("sha256: NIST FIPS 180-4 examples", "[sha256]") {
  CHECK(sha256_hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  CHECK(sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  CHECK(
      sha256_hex("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopq"
                 "klmnopqrlmnopqrsmnopqrstnopqrstu") ==
      "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
  CHECK(sha256_hex(std::string(1000000, 'a')) ==
        "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST_CASE("sha256: lengths around the padding boundaries", "[sha256]") {
  // The length field needs 8 bytes after the 0x80: 55 bytes fit one block, 56 need two.
  struct Case {
    size_t n;
    const char* hex;
  };
  const Case cases[] = {
      {55, "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"},
      {56, "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"},
      {63, "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34"},
      {64, "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"},
      {65, "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0"},
      {119, "31eba51c313a5c08226adf18d4a359cfdfd8d2e816b13f4af952f7ea6584dcfb"},
      {120, "2f3d335432c70b580af0e8e1b3674a7c020d683aa5f73aaaedfdc55af904c21c"},
      {128, "6836cf13bac400e9105071cd6af47084dfacad4e5e302c94bfed24e013afb73e"},
  };
  for (const Case& c : cases) {
    INFO(c.n);
    CHECK(sha256_hex(std::string(c.n, 'a')) == c.hex);
  }
}

TEST_CASE("sha256: bytes are bytes (NUL and high bit)", "[sha256]") {
  CHECK(sha256_hex(std::string("a\0b", 3)) ==
        "59b271ae1bbcb1d31d41929817f4b16fb439eb4f31520b5ad1d5ce98920a7138");
  CHECK(sha256_hex(std::string("\xff\x00\x80", 3)) ==
        "ef192b7af54e943f206ab27075ec1805384c972c9959fc5820f1fa7d5268fcef");
  CHECK(sha256_hex(std::string("a\0b", 3)) != sha256_hex("a"));
}
