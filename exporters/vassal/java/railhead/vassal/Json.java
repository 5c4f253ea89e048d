// The little JSON the referee's answers need: objects, arrays, strings, numbers, true/false/null.
package railhead.vassal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

final class Json {
  private final String s;
  private int i;

  private Json(String s) {
    this.s = s;
  }

  /** The value of a JSON text (Map, List, String, Double/Long, Boolean or null). */
  static Object parse(String text) {
    Json p = new Json(text == null ? "" : text);
    Object v = p.value();
    p.space();
    if (p.i != p.s.length()) {
      throw new IllegalArgumentException("trailing text at " + p.i);
    }
    return v;
  }

  static String quote(String text) {
    StringBuilder b = new StringBuilder("\"");
    for (char c : text.toCharArray()) {
      if (c == '"' || c == '\\') {
        b.append('\\').append(c);
      }
      else if (c < 0x20) {
        b.append(String.format("\\u%04x", (int) c));
      }
      else {
        b.append(c);
      }
    }
    return b.append('"').toString();
  }

  private void space() {
    while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
      i++;
    }
  }

  private char next() {
    space();
    if (i >= s.length()) {
      throw new IllegalArgumentException("unexpected end");
    }
    return s.charAt(i);
  }

  private Object value() {
    char c = next();
    if (c == '{') {
      Map<String, Object> m = new LinkedHashMap<>();
      i++;
      if (next() == '}') {
        i++;
        return m;
      }
      while (true) {
        if (next() != '"') {
          throw new IllegalArgumentException("expected a key at " + i);
        }
        String k = string();
        if (next() != ':') {
          throw new IllegalArgumentException("expected ':' at " + i);
        }
        i++;
        m.put(k, value());
        char d = next();
        i++;
        if (d == '}') {
          return m;
        }
        if (d != ',') {
          throw new IllegalArgumentException("expected ',' at " + i);
        }
      }
    }
    if (c == '[') {
      List<Object> l = new ArrayList<>();
      i++;
      if (next() == ']') {
        i++;
        return l;
      }
      while (true) {
        l.add(value());
        char d = next();
        i++;
        if (d == ']') {
          return l;
        }
        if (d != ',') {
          throw new IllegalArgumentException("expected ',' at " + i);
        }
      }
    }
    if (c == '"') {
      return string();
    }
    for (String word : new String[] {"true", "false", "null"}) {
      if (s.startsWith(word, i)) {
        i += word.length();
        return "null".equals(word) ? null : Boolean.valueOf(word);
      }
    }
    int start = i;
    while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) {
      i++;
    }
    if (start == i) {
      throw new IllegalArgumentException("unexpected '" + c + "' at " + i);
    }
    String num = s.substring(start, i);
    try {
      return num.matches("-?\\d+") ? (Object) Long.valueOf(num) : (Object) Double.valueOf(num);
    }
    catch (NumberFormatException e) {
      throw new IllegalArgumentException("bad number " + num);
    }
  }

  private String string() {
    StringBuilder b = new StringBuilder();
    i++;  // the opening quote
    while (i < s.length()) {
      char c = s.charAt(i++);
      if (c == '"') {
        return b.toString();
      }
      if (c != '\\') {
        b.append(c);
        continue;
      }
      if (i >= s.length()) {
        break;
      }
      char e = s.charAt(i++);
      switch (e) {
        case 'n': b.append('\n'); break;
        case 't': b.append('\t'); break;
        case 'r': b.append('\r'); break;
        case 'b': b.append('\b'); break;
        case 'f': b.append('\f'); break;
        case 'u':
          if (i + 4 > s.length()) {
            throw new IllegalArgumentException("bad escape");
          }
          b.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
          i += 4;
          break;
        default: b.append(e);
      }
    }
    throw new IllegalArgumentException("unterminated string");
  }
}
