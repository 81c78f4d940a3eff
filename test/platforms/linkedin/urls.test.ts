// LinkedIn's URL routes: the post URLs people paste (slug pages on country sites, feed updates with
// plain or escaped colons, embeds, tracking parameters, lnkd.in) as one canonical feed-update URL
// that keeps the URL's URN type, Pulse articles, pages that are not posts, and look-alike hosts.
import { canonicalTable, samePost } from '../../domain/platforms/canonical-table.js';

const ACTIVITY = 'https://www.linkedin.com/feed/update/urn:li:activity:7468765250281046016/';

describe('linkedin URL routes', () => {
  canonicalTable([
    {
      input: 'https://www.linkedin.com/posts/anduril_rubricrefine-improving-tool-use-agent-reliability-activity-7468765250281046016-5CCd',
      platform: 'linkedin',
      canonical: ACTIVITY,
      denotes: 'post',
      ids: { type: 'activity', id: '7468765250281046016' },
    },
    { input: 'https://www.linkedin.com/posts/anduril_rubricrefine-activity-7468765250281046016-5CCd/?utm_source=share&utm_medium=member_desktop&rcm=ACoAAFixture', platform: 'linkedin', canonical: ACTIVITY },
    { input: 'https://uk.linkedin.com/posts/anduril_rubricrefine-activity-7468765250281046016-5CCd', platform: 'linkedin', canonical: ACTIVITY },
    { input: 'https://de.linkedin.com/posts/anduril_activity-7468765250281046016-5CCd?trk=public_profile_like_view', platform: 'linkedin', canonical: ACTIVITY },
    { input: 'https://linkedin.com/posts/anduril_rubricrefine-activity-7468765250281046016-5CCd', platform: 'linkedin', canonical: ACTIVITY },
    // ugcPost and share posts keep their own URN type: they are other ids, never converted.
    {
      input: 'https://www.linkedin.com/posts/marenholt_two-knots-ugcPost-7400000000000000002-Mh2y',
      platform: 'linkedin',
      canonical: 'https://www.linkedin.com/feed/update/urn:li:ugcPost:7400000000000000002/',
      ids: { type: 'ugcPost', id: '7400000000000000002' },
    },
    {
      input: 'https://www.linkedin.com/posts/eric-vyacheslav-156273169_ai-agents-share-7458772948787597312-HYrt/?utm_source=share&utm_medium=member_ios',
      platform: 'linkedin',
      canonical: 'https://www.linkedin.com/feed/update/urn:li:share:7458772948787597312/',
      ids: { type: 'share', id: '7458772948787597312' },
    },
    { input: 'https://www.linkedin.com/feed/update/urn:li:activity:7468765250281046016', platform: 'linkedin', canonical: ACTIVITY, denotes: 'post' },
    { input: 'https://www.linkedin.com/feed/update/urn:li:activity:7468765250281046016/?updateEntityUrn=urn%3Ali%3Afs_feedUpdate%3A%28V2%29&trackingId=Fx01%2Fabc%3D%3D', platform: 'linkedin', canonical: ACTIVITY },
    { input: 'https://www.linkedin.com/feed/update/urn%3Ali%3Aactivity%3A7468765250281046016/', platform: 'linkedin', canonical: ACTIVITY },
    { input: 'https://www.linkedin.com/feed/update/urn%3ali%3aactivity%3a7468765250281046016', platform: 'linkedin', canonical: ACTIVITY },
    { input: 'https://www.linkedin.com/feed/update/urn:li:ugcPost:7400000000000000002/?commentUrn=urn%3Ali%3Acomment%3A1', platform: 'linkedin', canonical: 'https://www.linkedin.com/feed/update/urn:li:ugcPost:7400000000000000002/' },
    { input: 'https://www.linkedin.com/feed/update/urn:li:share:7458772948787597312', platform: 'linkedin', canonical: 'https://www.linkedin.com/feed/update/urn:li:share:7458772948787597312/' },
    { input: 'https://www.linkedin.com/embed/feed/update/urn:li:share:7458772948787597312', platform: 'linkedin', canonical: 'https://www.linkedin.com/feed/update/urn:li:share:7458772948787597312/' },
    { input: 'https://www.linkedin.com/embed/feed/update/urn:li:activity:7468765250281046016?compact=1', platform: 'linkedin', canonical: ACTIVITY },
    { input: 'http://WWW.LinkedIn.com/feed/update/urn:li:activity:7468765250281046016/#comments', platform: 'linkedin', canonical: ACTIVITY },
    // Pulse articles: the slug is the article's name.
    {
      input: 'https://www.linkedin.com/pulse/how-can-ai-change-financial-services-consolidation-finai-ramya-joseph',
      platform: 'linkedin',
      canonical: 'https://www.linkedin.com/pulse/how-can-ai-change-financial-services-consolidation-finai-ramya-joseph',
      denotes: 'post',
      ids: { slug: 'how-can-ai-change-financial-services-consolidation-finai-ramya-joseph' },
    },
    { input: 'https://nl.linkedin.com/pulse/splicing-three-strand-rope-maren-holt/?trk=public_post_feed-article-content', platform: 'linkedin', canonical: 'https://www.linkedin.com/pulse/splicing-three-strand-rope-maren-holt' },
    // lnkd.in: a short link, expanded by /resolve; the code's case is kept.
    { input: 'https://lnkd.in/gmtbQDG5', platform: 'linkedin', canonical: 'https://lnkd.in/gmtbQDG5', denotes: 'short', ids: { code: 'gmtbQDG5' } },
    { input: 'http://lnkd.in/eK-b3_Xz?trk=x', platform: 'linkedin', canonical: 'https://lnkd.in/eK-b3_Xz', denotes: 'short' },
    // Not posts: members, companies, the feed, the home page, lnkd.in's root.
    { input: 'https://www.linkedin.com/in/marenholt/?originalSubdomain=uk', platform: 'linkedin', canonical: 'https://www.linkedin.com/in/marenholt', denotes: 'page' },
    { input: 'https://uk.linkedin.com/company/audiense', platform: 'linkedin', canonical: 'https://www.linkedin.com/company/audiense', denotes: 'page' },
    { input: 'https://www.linkedin.com/company/anduril/posts/?feedView=all', platform: 'linkedin', canonical: 'https://www.linkedin.com/company/anduril/posts', denotes: 'page' },
    { input: 'https://www.linkedin.com/feed/', platform: 'linkedin', canonical: 'https://www.linkedin.com/feed', denotes: 'page' },
    { input: 'https://www.linkedin.com/feed/update/urn:li:comment:(activity:7468765250281046016,7468900000000000000)', platform: 'linkedin', canonical: 'https://www.linkedin.com/feed/update/urn:li:comment:(activity:7468765250281046016,7468900000000000000)', denotes: 'page' },
    { input: 'https://lnkd.in/', platform: 'linkedin', canonical: 'https://lnkd.in/', denotes: 'page' },
  ]);

  samePost([
    'https://www.linkedin.com/posts/anduril_rubricrefine-activity-7468765250281046016-5CCd',
    'https://uk.linkedin.com/feed/update/urn%3Ali%3Aactivity%3A7468765250281046016',
    'https://www.linkedin.com/embed/feed/update/urn:li:activity:7468765250281046016',
  ]);
});

describe('linkedin matching traps', () => {
  canonicalTable([
    { input: 'https://notlinkedin.com/posts/anduril_activity-7468765250281046016-5CCd', platform: 'none', canonical: 'https://notlinkedin.com/posts/anduril_activity-7468765250281046016-5CCd' },
    { input: 'https://linkedin.com.evil.test/feed/update/urn:li:activity:7468765250281046016', platform: 'none', canonical: 'https://linkedin.com.evil.test/feed/update/urn:li:activity:7468765250281046016' },
    { input: 'https://www.linkedin.com@evil.test/feed/update/urn:li:activity:7468765250281046016', platform: 'none', canonical: 'https://evil.test/feed/update/urn:li:activity:7468765250281046016' },
    { input: 'https://lnkd.in.evil.test/gmtbQDG5', platform: 'none', canonical: 'https://lnkd.in.evil.test/gmtbQDG5' },
    { input: 'https://www.linkedin.co/feed/update/urn:li:activity:7468765250281046016', platform: 'none', canonical: 'https://www.linkedin.co/feed/update/urn:li:activity:7468765250281046016' },
    { input: 'https://evil.test/?u=https://www.linkedin.com/feed/update/urn:li:activity:7468765250281046016', platform: 'none', canonical: 'https://evil.test/?u=https://www.linkedin.com/feed/update/urn:li:activity:7468765250281046016' },
  ]);
});
