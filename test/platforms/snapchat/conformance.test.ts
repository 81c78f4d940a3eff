// Snapchat has no real capture (../shared/fixtures/upstream/snapchat/SOURCES.md): the adapter is built
// from public extractors' facts and tested on pages of the team's own (adapter.test.ts). This suite
// keeps that true: a capture added to the folder fails here until it is given expectations.
import { expect } from 'chai';
import { captureFiles, describeCaptures } from '../../support/shared-fixtures.js';

describeCaptures('snapchat conformance', () => {
  describe('capture coverage', () => {
    it('when the capture folder is listed, it holds no page or JSON body yet, only SOURCES.md', () => {
      expect(captureFiles('snapchat', /./)).to.deep.equal(['SOURCES.md']);
    });
  });
});
