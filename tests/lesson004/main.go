// A driver for the lesson's Go filter (bloom.go, lesson 004, section 4.3.3): it speaks the
// subset of the course protocol (docs/protocol.md, version 3) that the lesson's code can
// answer, using only the lesson's functions and fields, so that tests/golang_test.py can
// compare the code the lesson prints with the reference's GOLANG filter.
//
//	GOLANG <n> <p>    NewBloomFilter(n, p): bits=<bitSize> hashes=<hashFuncSize>
//	INSERT <hex>      Put(string(bytes)): ok
//	CONTAINS <hex>    Contains(string(bytes)): maybe or no
//	INDEXES <hex>     the set of bits a Put of the element sets in a fresh filter of the
//	                  same n and p, ascending and unique (none when hashFuncSize is 0)
//	CRC32 <key>       crc32.ChecksumIEEE of the key's bytes, 8 lower-case hex digits
//
// Anything else answers "error: unsupported". A panic of the lesson's code (its "wrong n or
// p") answers an error and leaves the current filter as it was.
package main

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"
)

var (
	wholeNumber = regexp.MustCompile(`^[0-9]+$`)
	decimal     = regexp.MustCompile(`^([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?$`)
)

// The current filter and the n and p that made it (INDEXES makes a fresh one of the same).
var (
	current  *BloomFilter
	currentN int
	currentP float64
)

// newFilter calls the lesson's NewBloomFilter, turning its panic into an error.
func newFilter(n int, p float64) (filter *BloomFilter, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	return NewBloomFilter(n, p), nil
}

func parseSize(args []string) (int, float64, error) {
	if len(args) != 2 {
		return 0, 0, fmt.Errorf("needs <n> <p>")
	}
	if !wholeNumber.MatchString(args[0]) {
		return 0, 0, fmt.Errorf("bad n %q", args[0])
	}
	n, err := strconv.ParseUint(args[0], 10, 64)
	if err != nil || n > 4294967295 {
		return 0, 0, fmt.Errorf("n out of range: %q", args[0])
	}
	if !decimal.MatchString(args[1]) {
		return 0, 0, fmt.Errorf("bad p %q", args[1])
	}
	// ParseFloat rounds to the nearest double; an underflow gives 0, which the lesson refuses
	p, err := strconv.ParseFloat(args[1], 64)
	if err != nil {
		return 0, 0, fmt.Errorf("bad p %q: %v", args[1], err)
	}
	return int(n), p, nil
}

func element(args []string) (string, error) {
	if len(args) != 1 || len(args[0]) < 2 {
		return "", fmt.Errorf("needs hex bytes")
	}
	data, err := hex.DecodeString(args[0])
	if err != nil {
		return "", fmt.Errorf("needs hex bytes, got %q", args[0])
	}
	return string(data), nil
}

func answer(command string, rest string, hasRest bool) string {
	if command == "CRC32" {
		return fmt.Sprintf("%08x", crc32.ChecksumIEEE([]byte(rest)))
	}
	var args []string
	if hasRest {
		args = strings.Split(rest, " ")
		for _, arg := range args {
			if arg == "" {
				return "error: stray space"
			}
		}
	}
	switch command {
	case "GOLANG":
		n, p, err := parseSize(args)
		if err != nil {
			return "error: GOLANG " + err.Error()
		}
		filter, err := newFilter(n, p)
		if err != nil {
			return "error: NewBloomFilter: " + err.Error()
		}
		if want := fmt.Sprintf("bitsSize: %v, hashFuncSize: %v", filter.bitSize, filter.hashFuncSize); filter.String() != want {
			return fmt.Sprintf("error: String() says %q, the fields %q", filter.String(), want)
		}
		current, currentN, currentP = filter, n, p
		return fmt.Sprintf("bits=%d hashes=%d", filter.bitSize, filter.hashFuncSize)
	case "INSERT", "CONTAINS", "INDEXES":
		key, err := element(args)
		if err != nil {
			return "error: " + command + " " + err.Error()
		}
		if current == nil {
			return "error: no filter yet"
		}
		switch command {
		case "INSERT":
			current.Put(key)
			return "ok"
		case "CONTAINS":
			if current.Contains(key) {
				return "maybe"
			}
			return "no"
		}
		fresh, err := newFilter(currentN, currentP)
		if err != nil {
			return "error: NewBloomFilter: " + err.Error()
		}
		if fresh.hashFuncSize == 0 {
			return "none"
		}
		fresh.Put(key)
		var set []string
		for i, word := range fresh.bits {
			for j := 0; word != 0 && j < 64; j++ {
				if word&(int64(1)<<j) != 0 {
					set = append(set, strconv.Itoa(64*i+j))
				}
			}
		}
		return strings.Join(set, " ")
	}
	return "error: unsupported"
}

func main() {
	in := bufio.NewReaderSize(os.Stdin, 1<<16)
	out := bufio.NewWriter(os.Stdout)
	for {
		line, err := in.ReadBytes('\n')
		if len(line) == 0 && err != nil {
			if err != io.EOF {
				fmt.Fprintln(os.Stderr, "reading stdin:", err)
				os.Exit(1)
			}
			break
		}
		line = bytes.TrimSuffix(line, []byte("\n"))
		line = bytes.TrimSuffix(line, []byte("\r"))
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		text := string(line)
		command, rest, hasRest := strings.Cut(text, " ")
		out.WriteString(answer(command, rest, hasRest))
		out.WriteByte('\n')
		out.Flush()
		if err != nil {
			break
		}
	}
}
