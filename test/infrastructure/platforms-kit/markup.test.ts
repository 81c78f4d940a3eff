// The kit's markup reader: parse5 on the fragment a marker locates, elements found by class, text as a reader sees it.
import { expect } from 'chai';
import { attribute, findElement, findElements, hasClass, markupFrom, textOf } from '../../../src/infrastructure/platforms/kit/markup.js';

describe('page markup', () => {
  it('parses from the element the marker locates: elements before it, in scripts, styles or comments are not found', () => {
    const html = `<html><head><title>t</title><script>var s = '<div class="Caption">head</div>';</script></head>
      <body><div class="Caption">before</div><div class="Embed" data-x="1"><!-- <div class="Caption">comment</div> -->
      <script>document.write('<div class="Caption">script</div>')</script><style>.Caption::after { content: "<div class=Caption>" }</style>
      <div class="Embed-inner Caption">yes</div></div><script>var late = "</div><div class='Caption'>late</div>";</script></body></html>`;
    const box = markupFrom(html, 'class="Embed"')!;
    expect(textOf(findElement(box, (e) => hasClass(e, 'Caption'))!)).to.equal('yes');
    expect(findElement(box, (e) => e.tagName === 'title')).to.equal(undefined);
    expect(attribute(findElement(box, (e) => hasClass(e, 'Embed'))!, 'data-x')).to.equal('1');
  });

  it('when the marker is in no start tag (text, an end of page) or absent, gives no markup', () => {
    expect(markupFrom('<p>write class="Embed" in your page</p>', 'class="Embed"')).to.equal(undefined);
    expect(markupFrom('<p>nothing</p>', 'class="Embed"')).to.equal(undefined);
  });

  it('decodes attribute values, and reads a page cut off inside a script up to that script', () => {
    const box = markupFrom('<div class="A"><img class="B" src="https://x.test/a.jpg?x=1&amp;y=2"><script>var cut = "', 'class="A"')!;
    expect(attribute(findElement(box, (e) => hasClass(e, 'B'))!, 'src')).to.equal('https://x.test/a.jpg?x=1&y=2');
  });

  it('gives text with <br> as line breaks and paragraphs a blank line apart, entities decoded, skipped elements left out', () => {
    const box = markupFrom('<div id="c"><a class="Name">someone</a><br/><br/>Fish &amp; chips <br>tonight<p>one</p><p>two</p><div class="Comments">4 comments</div></div>', 'id="c"')!;
    const caption = findElement(box, (e) => attribute(e, 'id') === 'c')!;
    expect(textOf(caption, (e) => hasClass(e, 'Name') || hasClass(e, 'Comments'))).to.equal('Fish & chips\ntonightone\n\ntwo');
  });

  it('finds every element a test accepts in document order, nested ones too, without looking inside skipped ones', () => {
    const box = markupFrom('<div id="m"><i class="P" id="1"><i class="P" id="2"></i></i><a class="Reply"><i class="P" id="no"></i></a><i class="P" id="3"></i></div>', 'id="m"')!;
    const ids = findElements(box, (e) => hasClass(e, 'P'), (e) => hasClass(e, 'Reply')).map((e) => attribute(e, 'id'));
    expect(ids).to.deep.equal(['1', '2', '3']);
    expect(findElements(box, (e) => hasClass(e, 'P')).map((e) => attribute(e, 'id'))).to.deep.equal(['1', '2', 'no', '3']);
  });
});
