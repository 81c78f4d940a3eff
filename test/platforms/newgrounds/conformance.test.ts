// Newgrounds has no real capture (../shared/fixtures/upstream/newgrounds holds only SOURCES.md): the
// adapter is built from public extractors' facts and tested on fixtures of the team's own. This
// suite fails the day a capture is added there, so that its reading is checked here.
import { expect } from 'chai';
import { captureFiles, describeCaptures } from '../../support/shared-fixtures.js';

describeCaptures('newgrounds conformance', () => {
  it('when the capture folder is listed, finds only SOURCES.md: no capture to read yet', () => {
    expect(captureFiles('newgrounds', /./)).to.deep.equal(['SOURCES.md']);
  });
});
