import { Memo } from './user-agent.js';

/**
 * Link-preview crawlers: what social networks, messengers, chat tools and embed services send to
 * build a share card when a link is posted. Only they get a link's `preview` page. Every other
 * visitor gets the redirect, other bots included (curl, wget, HTTP libraries, search engines,
 * monitors, an empty User-Agent): `curl -L`, scripts and apps must reach the destination. Each
 * pattern names the crawler, not an app's in-app browser (Snapchat's and Pinterest's apps carry
 * their names too, LinkedIn's says LinkedInApp, Facebook's FBAN), and is matched in any case.
 */
export const PREVIEW_CRAWLER_PATTERNS = [
  'facebookexternalhit', // Facebook, Instagram, Messenger; also iMessage and LINE, which send it
  'facebot',
  'twitterbot',
  'linkedinbot',
  'slackbot',
  'slack-imgproxy',
  'discordbot',
  'whatsapp/',
  'telegrambot',
  'pinterestbot',
  'pinterest\\.com/bot',
  'redditbot',
  'skypeuripreview', // Skype and Microsoft Teams
  'vkshare',
  'embedly',
  'iframely', // Notion, Linear and others embed through it
  'mastodon/',
  'cardyb', // Bluesky
  'snap url preview',
  'kakaotalk-scrap',
  'mattermost-bot',
  'synapse \\(bot', // Matrix
  'xing-contenttabreceiver',
  'quora link preview',
  'yahoo link preview',
  'bitlybot',
] as const;

const PATTERN = new RegExp(PREVIEW_CRAWLER_PATTERNS.join('|'), 'i');

/** Distinct User-Agents remembered; longer ones are matched each time. */
const crawlers = new Memo((ua) => PATTERN.test(ua), 1_000, 512);

/** True when the User-Agent is a link-preview crawler (see PREVIEW_CRAWLER_PATTERNS). */
export function isPreviewCrawler(ua: string | undefined): boolean {
  return ua ? crawlers.get(ua) : false;
}
