// The kit's body reader: parse5 on the page's body, elements found by class, text as a reader sees it.
import { expect } from 'chai';
import { attribute, bodyMarkup, findElement, hasClass, textOf } from '../../../src/infrastructure/platforms/kit/markup.js';

describe('page body markup', () => {
  it('parses the body only: elements in the head, or named inside scripts and comments, are not found', () => {
    const html = `<html><head><title>t</title><script>var s = '<div class="Caption">no</div>';</script></head>
      <body><!-- <div class="Caption">no</div> --><div class="Embed Caption">yes</div></body></html>`;
    const root = bodyMarkup(html);
    expect(textOf(findElement(root, (e) => hasClass(e, 'Caption'))!)).to.equal('yes');
    expect(findElement(root, (e) => e.tagName === 'title')).to.equal(undefined);
  });

  it('reads a page without head or body whole, and decodes attribute values', () => {
    const root = bodyMarkup('<img class="A" src="https://x.test/a.jpg?x=1&amp;y=2">');
    expect(attribute(findElement(root, (e) => hasClass(e, 'A'))!, 'src')).to.equal('https://x.test/a.jpg?x=1&y=2');
  });

  it('gives text with <br> as line breaks and paragraphs a blank line apart, entities decoded, skipped elements left out', () => {
    const root = bodyMarkup('<div id="c"><a class="Name">someone</a><br/><br/>Fish &amp; chips <br>tonight<p>one</p><p>two</p><div class="Comments">4 comments</div></div>');
    const caption = findElement(root, (e) => attribute(e, 'id') === 'c')!;
    expect(textOf(caption, (e) => hasClass(e, 'Name') || hasClass(e, 'Comments'))).to.equal('Fish & chips\ntonightone\n\ntwo');
  });
});
