// The lesson's Go Bloom filter, copied verbatim from lesson 004, section 4.3.3
// ("Implementation"). Every line below the package clause is the lesson's, as printed;
// only this header and the package clause, which the lesson leaves out, are added.
// main.go drives it over the course protocol; tests/golang_test.py compares it with the
// reference. Do not fix anything here: the point is to run the code the lesson prints.
package main

import (
	"fmt"
	"hash/crc32"
	"math"
)

type BloomFilter struct {
	// Total number of bits
	bitSize int
	// Bits implemented using int64
	bits []int64
	// Number of hash functions
	hashFuncSize int
}

// n: data size
// p: false-positive rate, range (0, 1)
func NewBloomFilter(n int, p float64) *BloomFilter {
	if n <= 0 || p <= 0 || p >= 1 {
		panic("wrong n or p")
	}
	// Calculate bitSize and hashFuncSize from the formulas
	bitSize := -int((float64(n) * math.Log(p)) / (math.Ln2 * math.Ln2))
	hashFuncSize := int(float64(bitSize) * math.Ln2 / float64(n))

	// Paging formula
	bitArraySize := (bitSize + 64 - 1) / 64
	bits := make([]int64, bitArraySize, bitArraySize)
	return &BloomFilter{
		bitSize:      bitSize,
		bits:         bits,
		hashFuncSize: hashFuncSize,
	}
}

func (b *BloomFilter) String() string {
	return fmt.Sprintf("bitsSize: %v, hashFuncSize: %v", b.bitSize, b.hashFuncSize)
}

func (b *BloomFilter) Contains(key interface{}) bool {
	// google guava bloom filter
	hash1 := hashCode(key)
	hash2 := hash1 >> 16
	for i := 1; i <= b.hashFuncSize; i++ {
		combinedHash := hash1 + (i * hash2)
		if combinedHash < 0 {
			combinedHash = ^combinedHash
		}
		// Generate a bit index
		index := combinedHash % b.bitSize
		// Check whether the bit at index is 0
		if !b.get(index) {
			return false
		}
	}

	return true
}

// Get the bit value at index
// true means 1, false means 0
func (b *BloomFilter) get(index int) bool {
	// First find which element of the int64 array contains the bit
	value := b.bits[index/64]
	// Then find which bit in that element
	var bit int64 = 1 << (index % 64)
	// To get a bit value, set that bit to 1 and all other bits to 0, then use AND
	return (value & bit) != 0
}

func (b *BloomFilter) Put(key interface{}) {
	// google guava bloom filter
	hash1 := hashCode(key)
	hash2 := hash1 >> 16
	for i := 1; i <= b.hashFuncSize; i++ {
		combinedHash := hash1 + (i * hash2)
		if combinedHash < 0 {
			combinedHash = ^combinedHash
		}
		// Generate a bit index
		index := combinedHash % b.bitSize
		// Set the bit at index
		b.set(index)
	}

}

// Set the bit at index to 1
func (b *BloomFilter) set(index int) {
	// First find which element of the int64 array contains the bit
	value := b.bits[index/64]
	// Then find which bit in that element
	var bit int64 = 1 << (index % 64)
	// To update a bit, set that bit to 1 and all other bits to 0, then use OR
	b.bits[index/64] = value | bit
}

// Calculate the hashCode of key
func hashCode(key interface{}) int {
	str := fmt.Sprintf("%v", key)
	v := int(crc32.ChecksumIEEE([]byte(str)))
	if v >= 0 {
		return v
	}
	return -v
}
