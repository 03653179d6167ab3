// The course protocol's lesson-004 Guava subset (docs/protocol.md: HASH128, CRC32, GUAVA, INSERT,
// CONTAINS, INDEXES, WRITETO; and HASH, by hashUnencodedChars, and POSITIONS, by a signed
// hashBytes(key).asInt(), forms the kit names), answered by
// the real Guava library, never by re-implementing it: tests/guava_test.py compares it byte for
// byte with the reference. Any other command answers "error: unsupported".
//
//   javac -cp /usr/share/java/guava.jar -d CLASSES GuavaProtocol.java
//   java -cp CLASSES:/usr/share/java/guava.jar GuavaProtocol < session.txt
//
// Standard input is read as bytes, so a key's bytes reach the hash unchanged.

import com.google.common.hash.BloomFilter;
import com.google.common.hash.Funnel;
import com.google.common.hash.Funnels;
import com.google.common.hash.Hashing;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.regex.Pattern;
import java.util.zip.CRC32;

public final class GuavaProtocol {
  private static final Funnel<CharSequence> FUNNEL = Funnels.stringFunnel(StandardCharsets.UTF_8);
  private static final Pattern DECIMAL = Pattern.compile("[0-9]+");
  private static final Pattern HEX_U32 = Pattern.compile("0x[0-9a-fA-F]{1,8}");
  private static final Pattern P = Pattern.compile("([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][+-]?[0-9]+)?");
  private static final long MAX_WRITETO_WORDS = 65536;

  /** A line that cannot be carried out: answered "error: " and its message. */
  private static final class Refused extends Exception {
    private static final long serialVersionUID = 1L;

    Refused(String message) {
      super(message);
    }
  }

  /** Stops writeTo after its 6-byte header (strategy, k, word count). */
  private static final class HeaderFull extends IOException {
    private static final long serialVersionUID = 1L;
  }

  private static BloomFilter<CharSequence> filter; // the current filter, null before any GUAVA
  private static long filterN;
  private static double filterP;

  public static void main(String[] args) throws IOException {
    InputStream in = new BufferedInputStream(System.in, 1 << 16);
    OutputStream out = new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 16);
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    int c;
    boolean pending = false;
    while ((c = in.read()) != -1) {
      if (c == '\n') {
        handle(line.toByteArray(), out);
        line.reset();
        pending = false;
      } else {
        line.write(c);
        pending = true;
      }
    }
    if (pending) {
      handle(line.toByteArray(), out);
    }
    out.flush();
  }

  private static void handle(byte[] raw, OutputStream out) throws IOException {
    int length = raw.length;
    if (length > 0 && raw[length - 1] == '\r') {
      length--; // one trailing CR is dropped
    }
    byte[] bytes = Arrays.copyOf(raw, length);
    if (length == 0 || bytes[0] == '#') {
      return; // blank or comment: no answer
    }
    String answer;
    try {
      answer = answer(bytes);
    } catch (Refused refused) {
      answer = "error: " + refused.getMessage();
    } catch (RuntimeException unexpected) {
      answer = "error: " + unexpected;
    }
    out.write(answer.getBytes(StandardCharsets.UTF_8));
    out.write('\n');
    out.flush();
  }

  private static String answer(byte[] line) throws Refused, IOException {
    int space = indexOf(line, (byte) ' ', 0);
    String command = ascii(line, 0, space < 0 ? line.length : space);
    switch (command) {
      case "HASH128": {
        // HASH128 <seed> <key>: the key is the rest of the line; "HASH128 0" hashes the empty key
        if (space < 0) {
          throw new Refused("HASH128 needs a seed");
        }
        int second = indexOf(line, (byte) ' ', space + 1);
        int seedEnd = second < 0 ? line.length : second;
        long seed = u32(ascii(line, space + 1, seedEnd));
        byte[] key = second < 0 ? new byte[0] : Arrays.copyOfRange(line, second + 1, line.length);
        return Hashing.murmur3_128((int) seed).hashBytes(key).toString();
      }
      case "HASH": {
        // Not the protocol's HASH: Guava's hashUnencodedChars of the key read as UTF-8 text, each
        // UTF-16 code unit's two bytes hashed, low byte first (guava_test.py's part (d))
        if (space < 0) {
          throw new Refused("HASH needs a seed");
        }
        int second = indexOf(line, (byte) ' ', space + 1);
        long seed = u32(ascii(line, space + 1, second < 0 ? line.length : second));
        String key = second < 0
            ? ""
            : new String(line, second + 1, line.length - second - 1, StandardCharsets.UTF_8);
        return String.format(
            "%08x", Hashing.murmur3_32_fixed((int) seed).hashUnencodedChars(key).asInt());
      }
      case "POSITIONS": {
        // POSITIONS <m> <k> <key> as a Java student writes it with Guava: hashBytes(key).asInt()
        // is a signed int, and Java's % keeps the sum's sign, so a negative sum gives a negative
        // position: the known mistake negative-positions (guava_test.py's part (e))
        int first = space < 0 ? -1 : indexOf(line, (byte) ' ', space + 1);
        int second = first < 0 ? -1 : indexOf(line, (byte) ' ', first + 1);
        if (second < 0) {
          throw new Refused("POSITIONS needs m, k and a key");
        }
        long m = u32(ascii(line, space + 1, first));
        long k = u32(ascii(line, first + 1, second));
        if (m < 1 || k < 1 || k > 50) {
          throw new Refused("POSITIONS needs m from 1 and k from 1 to 50");
        }
        byte[] key = Arrays.copyOfRange(line, second + 1, line.length);
        int ha = Hashing.murmur3_32_fixed(0).hashBytes(key).asInt();
        int hb = Hashing.murmur3_32_fixed(0x9747b28c).hashBytes(key).asInt();
        StringBuilder positions = new StringBuilder();
        for (int i = 0; i < k; i++) {
          positions.append(i == 0 ? "" : " ").append((ha + (long) i * hb) % m);
        }
        return positions.toString();
      }
      case "CRC32": {
        byte[] key = space < 0 ? new byte[0] : Arrays.copyOfRange(line, space + 1, line.length);
        CRC32 crc = new CRC32();
        crc.update(key);
        return String.format("%08x", crc.getValue());
      }
      case "GUAVA": {
        String[] args = arguments(line, space, 2);
        if (!DECIMAL.matcher(args[0]).matches() || args[0].length() > 10
            || Long.parseLong(args[0]) > 4294967295L) {
          throw new Refused("GUAVA needs n from 0 to 4294967295, got \"" + args[0] + "\"");
        }
        long n = Long.parseLong(args[0]);
        double p = probability(args[1]);
        BloomFilter<CharSequence> made;
        try {
          made = BloomFilter.create(FUNNEL, n, p);
        } catch (RuntimeException refused) {
          throw new Refused(String.valueOf(refused.getMessage()));
        }
        long bits = optimalNumOfBits(n == 0 ? 1 : n, p);
        int[] header = header(made);
        filter = made;
        filterN = n;
        filterP = p;
        return "bits=" + bits + " words=" + header[1] + " hashes=" + header[0];
      }
      case "INSERT":
      case "CONTAINS":
      case "INDEXES": {
        String element = element(arguments(line, space, 1)[0], command);
        if (filter == null) {
          throw new Refused(command + " needs a filter: send GUAVA first");
        }
        if (command.equals("INSERT")) {
          filter.put(element);
          return "ok";
        }
        if (command.equals("CONTAINS")) {
          return filter.mightContain(element) ? "maybe" : "no";
        }
        return indexes(element);
      }
      case "WRITETO": {
        arguments(line, space, 0);
        if (filter == null) {
          throw new Refused("WRITETO needs a Guava filter: send GUAVA first");
        }
        int words = header(filter)[1];
        if (words > MAX_WRITETO_WORDS) {
          throw new Refused("WRITETO of " + words + " words passes " + MAX_WRITETO_WORDS);
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(6 + 8 * words);
        filter.writeTo(bytes);
        return hex(bytes.toByteArray());
      }
      default:
        throw new Refused("unsupported");
    }
  }

  /** The set bit indexes that putting `element` sets in a fresh filter of the current n and p,
   *  ascending: Guava has no API for its indexes, so they are read out of writeTo's words. */
  private static String indexes(String element) throws IOException {
    BloomFilter<CharSequence> fresh = BloomFilter.create(FUNNEL, filterN, filterP);
    fresh.put(element);
    StringBuilder answer = new StringBuilder();
    fresh.writeTo(new OutputStream() {
      private long position; // bytes written so far; words start at byte 6
      private long word;

      @Override
      public void write(int b) {
        long at = position++;
        if (at < 6) {
          return;
        }
        word = (word << 8) | (b & 0xff);
        if ((at - 6) % 8 == 7) {
          long base = 64 * ((at - 6) / 8);
          for (int j = 0; j < 64; j++) {
            if ((word >>> j & 1) != 0) {
              answer.append(answer.length() == 0 ? "" : " ").append(base + j);
            }
          }
          word = 0;
        }
      }
    });
    return answer.length() == 0 ? "none" : answer.toString();
  }

  /** {k, words} from the first 6 bytes of the filter's writeTo: byte 1 is k, then a big-endian
   *  int is the number of words. */
  private static int[] header(BloomFilter<CharSequence> of) throws IOException {
    byte[] head = new byte[6];
    try {
      of.writeTo(new OutputStream() {
        private int position;

        @Override
        public void write(int b) throws IOException {
          if (position == head.length) {
            throw new HeaderFull();
          }
          head[position++] = (byte) b;
        }
      });
    } catch (HeaderFull enough) {
      // the words themselves are not needed
    }
    int k = head[1] & 0xff;
    int words = ((head[2] & 0xff) << 24) | ((head[3] & 0xff) << 16) | ((head[4] & 0xff) << 8)
        | (head[5] & 0xff);
    return new int[] {k, words};
  }

  /** Guava's own package-private BloomFilter.optimalNumOfBits(long, double), by reflection. */
  private static long optimalNumOfBits(long n, double p) {
    try {
      Method method = BloomFilter.class.getDeclaredMethod("optimalNumOfBits", long.class, double.class);
      method.setAccessible(true);
      return (Long) method.invoke(null, n, p);
    } catch (NoSuchMethodException | IllegalAccessException | InvocationTargetException e) {
      throw new IllegalStateException("BloomFilter.optimalNumOfBits: " + e, e);
    }
  }

  /** The element whose UTF-8 bytes `hex` spells, as stringFunnel(UTF_8) needs it. */
  private static String element(String hex, String command) throws Refused {
    if (hex.length() < 2 || hex.length() % 2 != 0 || !hex.matches("[0-9a-fA-F]+")) {
      throw new Refused(command + " needs hex bytes, got \"" + hex + "\"");
    }
    byte[] bytes = new byte[hex.length() / 2];
    for (int i = 0; i < bytes.length; i++) {
      bytes[i] = (byte) Integer.parseInt(hex.substring(2 * i, 2 * i + 2), 16);
    }
    String element = new String(bytes, StandardCharsets.UTF_8);
    if (!Arrays.equals(element.getBytes(StandardCharsets.UTF_8), bytes)) {
      throw new Refused("not UTF-8");
    }
    return element;
  }

  /** The `count` arguments after the command name, each non-empty, one space apart. */
  private static String[] arguments(byte[] line, int space, int count) throws Refused {
    String rest = space < 0 ? null : ascii(line, space + 1, line.length);
    String[] args = rest == null ? new String[0] : rest.split(" ", -1);
    if (args.length != count || Arrays.stream(args).anyMatch(String::isEmpty)) {
      throw new Refused("expected " + count + " arguments, each after one space");
    }
    return args;
  }

  private static long u32(String text) throws Refused {
    if (DECIMAL.matcher(text).matches() && text.length() <= 10) {
      long value = Long.parseLong(text);
      if (value <= 0xffffffffL) {
        return value;
      }
    } else if (HEX_U32.matcher(text).matches()) {
      return Long.parseLong(text.substring(2), 16);
    }
    throw new Refused("a seed is 0 to 4294967295, decimal or 0x hex, got \"" + text + "\"");
  }

  private static double probability(String text) throws Refused {
    if (!P.matcher(text).matches()) {
      throw new Refused("p is a decimal number, got \"" + text + "\"");
    }
    return Double.parseDouble(text); // Guava itself refuses p <= 0 and p >= 1
  }

  private static int indexOf(byte[] bytes, byte b, int from) {
    for (int i = from; i < bytes.length; i++) {
      if (bytes[i] == b) {
        return i;
      }
    }
    return -1;
  }

  private static String ascii(byte[] bytes, int from, int to) {
    return new String(bytes, from, to - from, StandardCharsets.ISO_8859_1);
  }

  private static String hex(byte[] bytes) {
    StringBuilder text = new StringBuilder(2 * bytes.length);
    for (byte b : bytes) {
      text.append(Character.forDigit((b >> 4) & 0xf, 16)).append(Character.forDigit(b & 0xf, 16));
    }
    return text.toString();
  }
}
