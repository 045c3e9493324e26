/**
 * The referrer hosts each named source is recognised by (docs/adr/0214). A pattern is
 * - `host`: that host exactly (`t.co`);
 * - `*.domain`: the domain and every host under it (`*.facebook.com`: facebook.com, l.facebook.com, ...);
 * - `brand.*`: the brand on `com` or any country domain (`<cc>`, `co.<cc>`, `com.<cc>`), and every host under those.
 * The most specific pattern wins whatever the order here: an exact host, then the longest domain
 * (`gemini.google.com` -> Gemini, `mail.google.com` -> Gmail, before `google.*` -> Google).
 * Hosts of Android apps (`android-app://com.google.android.gm`) are recorded as the app's id.
 */
import type { SourceKind } from './kinds.js';

export interface SourceEntry {
  name: string;
  kind: SourceKind;
  patterns: readonly string[];
}

const e = (name: string, kind: SourceKind, ...patterns: string[]): SourceEntry => ({ name, kind, patterns });

export const SOURCE_TABLE: readonly SourceEntry[] = [
  // Search
  e('Google', 'search', 'google.*', 'com.google.android.googlequicksearchbox'),
  e('Bing', 'search', '*.bing.com'),
  e('DuckDuckGo', 'search', '*.duckduckgo.com'),
  e('Yandex', 'search', 'yandex.*', 'ya.ru'),
  e('Baidu', 'search', '*.baidu.com'),
  e('Yahoo', 'search', 'search.yahoo.com', '*.search.yahoo.com'),
  e('Ecosia', 'search', '*.ecosia.org'),
  e('Brave Search', 'search', 'search.brave.com'),
  e('Naver', 'search', '*.naver.com'),
  // Social
  e('X', 'social', 't.co', '*.x.com', '*.twitter.com', 'com.twitter.android'),
  e('Facebook', 'social', '*.facebook.com', 'fb.com', 'fb.me', 'com.facebook.katana'),
  e('Instagram', 'social', '*.instagram.com', 'com.instagram.android'),
  e('LinkedIn', 'social', 'lnkd.in', '*.linkedin.com', 'com.linkedin.android'),
  e('TikTok', 'social', '*.tiktok.com'),
  e('Pinterest', 'social', 'pinterest.*', 'pin.it'),
  e('Threads', 'social', '*.threads.net', '*.threads.com'),
  e('Bluesky', 'social', 'bsky.app'),
  e('Snapchat', 'social', '*.snapchat.com'),
  e('VK', 'social', 'vk.com', 'm.vk.com'),
  // Video
  e('YouTube', 'video', '*.youtube.com', 'youtu.be', 'com.google.android.youtube'),
  e('Twitch', 'video', '*.twitch.tv'),
  e('Vimeo', 'video', '*.vimeo.com'),
  // Messaging
  e('WhatsApp', 'messaging', 'wa.me', '*.whatsapp.com', 'com.whatsapp'),
  e('Telegram', 'messaging', 't.me', '*.telegram.org', 'org.telegram.messenger'),
  e('Messenger', 'messaging', 'm.me', '*.messenger.com'),
  e('Slack', 'messaging', '*.slack.com', 'com.slack'),
  e('Discord', 'messaging', '*.discord.com', '*.discordapp.com'),
  // Email
  e('Gmail', 'email', 'mail.google.com', 'com.google.android.gm', 'com.google.android.gm.lite'),
  e('Outlook', 'email', 'outlook.live.com', 'outlook.office.com', 'outlook.office365.com', 'com.microsoft.office.outlook'),
  e('Yahoo Mail', 'email', 'mail.yahoo.com', '*.mail.yahoo.com'),
  e('Proton Mail', 'email', 'mail.proton.me'),
  // AI assistants
  e('ChatGPT', 'ai', 'chatgpt.com', 'chat.openai.com'),
  e('Perplexity', 'ai', '*.perplexity.ai'),
  e('Gemini', 'ai', 'gemini.google.com', 'bard.google.com'),
  e('Claude', 'ai', 'claude.ai'),
  e('Copilot', 'ai', 'copilot.microsoft.com'),
  // Forums and code
  e('Reddit', 'forum', '*.reddit.com', 'redd.it'),
  e('Hacker News', 'forum', 'news.ycombinator.com'),
  e('Stack Overflow', 'forum', '*.stackoverflow.com'),
  e('GitHub', 'code', 'github.com', 'www.github.com', 'gist.github.com'),
  e('GitLab', 'code', 'gitlab.com'),
];
