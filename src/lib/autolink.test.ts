import { describe, expect, it } from 'vitest';
import { autolink } from './autolink.ts';
import type { Segment } from './autolink.ts';

const text = (t: string): Segment => ({ kind: 'text', text: t });
const link = (t: string, href: string): Segment => ({ kind: 'link', text: t, href });
const links = (input: string): Segment[] => autolink(input).filter((s) => s.kind === 'link');

describe('autolink', () => {
  describe('given text without links', () => {
    it('returns one text segment', () => {
      expect(autolink('Just a description.')).toEqual([text('Just a description.')]);
    });
    it('returns nothing for an empty string', () => {
      expect(autolink('')).toEqual([]);
    });
    it('keeps newlines inside the text', () => {
      expect(autolink('line one\nline two\n\nthree')).toEqual([
        text('line one\nline two\n\nthree'),
      ]);
    });
  });

  describe('given markup in the description', () => {
    it('keeps a <script> element as plain text', () => {
      const input = '<script>alert("x")</script>';
      expect(autolink(input)).toEqual([text(input)]);
    });
    it('keeps an HTML anchor with a javascript: href as plain text', () => {
      const input = '<a href="javascript:alert(1)">click</a>';
      expect(autolink(input)).toEqual([text(input)]);
    });
    it('ends a URL at an angle bracket so markup never enters an href', () => {
      expect(autolink('https://example.com/<script>')).toEqual([
        link('https://example.com/', 'https://example.com/'),
        text('<script>'),
      ]);
    });
    it('ends a URL at a double quote', () => {
      expect(links('"https://example.com/a"onmouseover="x"')).toEqual([
        link('https://example.com/a', 'https://example.com/a'),
      ]);
    });
    it('leaves HTML entities undecoded', () => {
      expect(autolink('&lt;b&gt; &amp;')).toEqual([text('&lt;b&gt; &amp;')]);
    });
  });

  describe('given dangerous schemes', () => {
    it.each([
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'ftp://example.com/file',
    ])('does not link %j', (input) => {
      expect(links(input)).toEqual([]);
    });
    it('links only the http URL inside a javascript: string', () => {
      expect(links("javascript:open('http://example.com')")).toEqual([
        link('http://example.com', 'http://example.com'),
      ]);
    });
  });

  describe('given http and https URLs', () => {
    it('links a URL between words', () => {
      expect(autolink('see https://example.com/path?q=1#top for more')).toEqual([
        text('see '),
        link('https://example.com/path?q=1#top', 'https://example.com/path?q=1#top'),
        text(' for more'),
      ]);
    });
    it('links an http URL at the start and end', () => {
      expect(autolink('http://a.example.org')).toEqual([
        link('http://a.example.org', 'http://a.example.org'),
      ]);
    });
    it('matches the scheme case-insensitively', () => {
      expect(links('HTTPS://EXAMPLE.COM')).toEqual([
        link('HTTPS://EXAMPLE.COM', 'HTTPS://EXAMPLE.COM'),
      ]);
    });
    it('links several URLs and keeps newlines between them', () => {
      expect(autolink('https://a.com\nhttps://b.com')).toEqual([
        link('https://a.com', 'https://a.com'),
        text('\n'),
        link('https://b.com', 'https://b.com'),
      ]);
    });
    it('does not link a scheme without a host', () => {
      expect(autolink('http:// nothing')).toEqual([text('http:// nothing')]);
    });
    it('does not link a scheme glued to a preceding word', () => {
      expect(links('xhttp://example.com')).toEqual([]);
    });
    it('keeps a port and a user-info-free path', () => {
      expect(links('http://localhost:4321/showcase/1')).toEqual([
        link('http://localhost:4321/showcase/1', 'http://localhost:4321/showcase/1'),
      ]);
    });
  });

  describe('given trailing punctuation', () => {
    it.each(['.', ',', ';', ':', '!', '?', '...', "'", '!?'])(
      'leaves %j out of the link',
      (punct) => {
        expect(autolink(`Go to https://example.com${punct}`)).toEqual([
          text('Go to '),
          link('https://example.com', 'https://example.com'),
          text(punct),
        ]);
      },
    );
    it('keeps punctuation inside the path', () => {
      expect(links('https://example.com/a.b,c/d.html.')).toEqual([
        link('https://example.com/a.b,c/d.html', 'https://example.com/a.b,c/d.html'),
      ]);
    });
    it('leaves an unbalanced closing parenthesis out', () => {
      expect(autolink('(see https://example.com/a)')).toEqual([
        text('(see '),
        link('https://example.com/a', 'https://example.com/a'),
        text(')'),
      ]);
    });
    it('keeps balanced parentheses', () => {
      const url = 'https://en.wikipedia.org/wiki/Film_(disambiguation)';
      expect(autolink(`(${url}).`)).toEqual([text('('), link(url, url), text(').')]);
    });
    it('leaves an unbalanced closing bracket out', () => {
      expect(links('[https://example.com]')).toEqual([
        link('https://example.com', 'https://example.com'),
      ]);
    });
  });

  describe('given www. hosts', () => {
    it('links them with https://', () => {
      expect(autolink('Visit www.example.com.')).toEqual([
        text('Visit '),
        link('www.example.com', 'https://www.example.com'),
        text('.'),
      ]);
    });
    it('keeps the path', () => {
      expect(links('www.example.co.uk/about?x=1')).toEqual([
        link('www.example.co.uk/about?x=1', 'https://www.example.co.uk/about?x=1'),
      ]);
    });
    it('matches WWW in capitals', () => {
      expect(links('WWW.EXAMPLE.COM')).toEqual([
        link('WWW.EXAMPLE.COM', 'https://WWW.EXAMPLE.COM'),
      ]);
    });
    it.each(['www.', 'www.example'])('does not link %j', (input) => {
      expect(links(input)).toEqual([]);
    });
    it.each(['foo.www.example.com', 'awww.example.com'])(
      'links %j whole, as the host it is',
      (input) => {
        expect(links(input)).toEqual([link(input, `https://${input}`)]);
      },
    );
  });

  describe('given bare domains', () => {
    it('links them with https://', () => {
      expect(autolink('More on example.com.')).toEqual([
        text('More on '),
        link('example.com', 'https://example.com'),
        text('.'),
      ]);
    });
    it('keeps a subdomain, a port, a path and a query', () => {
      expect(links('films.example.co.uk:8080/about?x=1')).toEqual([
        link('films.example.co.uk:8080/about?x=1', 'https://films.example.co.uk:8080/about?x=1'),
      ]);
    });
    it('leaves an unbalanced closing parenthesis out', () => {
      expect(autolink('(example.org/a)')).toEqual([
        text('('),
        link('example.org/a', 'https://example.org/a'),
        text(')'),
      ]);
    });
    it('links an internationalised domain name', () => {
      expect(links('Bei bücher.de bestellen')).toEqual([link('bücher.de', 'https://bücher.de')]);
      expect(links('сайт пример.рф')).toEqual([link('пример.рф', 'https://пример.рф')]);
    });
    it('links a domain that Japanese prose runs into, without the prose', () => {
      expect(autolink('詳しくはexample.jpまで')).toEqual([
        text('詳しくは'),
        link('example.jp', 'https://example.jp'),
        text('まで'),
      ]);
    });
    it.each([
      'README.md',
      'notes.txt',
      'clip.mov',
      'index.html',
      'script.py',
      'Node.js',
      'v1.2.3',
      'version 2.0.1',
      '192.168.0.1',
      'e.g. this',
      'The end.It was',
      'ASP.NET',
    ])('does not link %j', (input) => {
      expect(links(input)).toEqual([]);
    });
    it('does not link a domain glued to a path or an address', () => {
      expect(links('/var/example.com')).toEqual([]);
      expect(links('ftp://example.com/file')).toEqual([]);
    });
  });

  describe('given e-mail addresses', () => {
    it('links them with mailto:', () => {
      expect(autolink('Mail jo.doe+films@example.co.uk, thanks')).toEqual([
        text('Mail '),
        link('jo.doe+films@example.co.uk', 'mailto:jo.doe+films@example.co.uk'),
        text(', thanks'),
      ]);
    });
    it('leaves a full stop after the address out', () => {
      expect(links('Write to a@b.com.')).toEqual([link('a@b.com', 'mailto:a@b.com')]);
    });
    it('prefers an address over a www host', () => {
      expect(links('www.joe@example.com')).toEqual([
        link('www.joe@example.com', 'mailto:www.joe@example.com'),
      ]);
    });
    it('does not treat user info or query values inside a URL as an address', () => {
      expect(links('https://example.com/?contact=me@example.com')).toEqual([
        link(
          'https://example.com/?contact=me@example.com',
          'https://example.com/?contact=me@example.com',
        ),
      ]);
    });
    it('does not link an address without a top-level domain', () => {
      expect(links('user@localhost')).toEqual([]);
    });
    it('does not link part of an over-long local part', () => {
      expect(links(`${'a'.repeat(70)}@example.com`)).toEqual([]);
    });
    it('keeps a Unicode local part whole and percent-encodes it in the href', () => {
      expect(autolink('Write to jürgen@example.de.')).toEqual([
        text('Write to '),
        link('jürgen@example.de', 'mailto:j%C3%BCrgen@example.de'),
        text('.'),
      ]);
      expect(links('josé.núñez@example.es')).toEqual([
        link('josé.núñez@example.es', 'mailto:jos%C3%A9.n%C3%BA%C3%B1ez@example.es'),
      ]);
    });
    it('gives an internationalised domain in its punycode form', () => {
      expect(links('jürgen@bücher.de')).toEqual([
        link('jürgen@bücher.de', 'mailto:j%C3%BCrgen@xn--bcher-kva.de'),
      ]);
    });
    it('links an address written wholly in another script', () => {
      expect(links('邮件 用户@例子.中国')).toEqual([
        link('用户@例子.中国', 'mailto:%E7%94%A8%E6%88%B7@xn--fsqu00a.xn--fiqs8s'),
      ]);
      expect(links('почта@пример.рф')).toEqual([
        link('почта@пример.рф', 'mailto:%D0%BF%D0%BE%D1%87%D1%82%D0%B0@xn--e1afmkfd.xn--p1ai'),
      ]);
    });
    it('percent-encodes a % in the local part', () => {
      expect(links('a%b@example.com')).toEqual([
        link('a%b@example.com', 'mailto:a%25b@example.com'),
      ]);
    });
    it('links an address that Japanese or Korean prose runs into, without the prose', () => {
      expect(autolink('お問い合わせはinfo@example.jpまで')).toEqual([
        text('お問い合わせは'),
        link('info@example.jp', 'mailto:info@example.jp'),
        text('まで'),
      ]);
      expect(links('문의는jürgen@example.de로')).toEqual([
        link('jürgen@example.de', 'mailto:j%C3%BCrgen@example.de'),
      ]);
    });
    it('links an address whose domain has any top-level domain', () => {
      expect(links('me@example.photography')).toEqual([
        link('me@example.photography', 'mailto:me@example.photography'),
      ]);
    });
  });

  describe('given a long description', () => {
    it('handles a long run without links (a backtracking pattern would exceed the test time limit)', () => {
      const input = 'a'.repeat(100_000);
      expect(autolink(input)).toEqual([text(input)]);
    });
    it('handles a long run of dotted letters and of Unicode letters', () => {
      const dotted = 'a.'.repeat(50_000);
      expect(autolink(dotted)).toEqual([text(dotted)]);
      const unicode = 'ü'.repeat(100_000);
      expect(autolink(unicode)).toEqual([text(unicode)]);
    });
  });

  it('round-trips the input when segments are joined', () => {
    const input = 'Hi (www.a.com), mail x@y.io!\nhttps://z.org/p_(q)).';
    expect(
      autolink(input)
        .map((s) => s.text)
        .join(''),
    ).toBe(input);
  });
});
