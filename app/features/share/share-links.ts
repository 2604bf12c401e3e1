export interface ShareLink {
  name: string;
  href: string;
}

/** Share URLs of the social networks; each carries the page URL, percent-encoded. */
export function shareLinks(pageUrl: string, title: string): ShareLink[] {
  const url = encodeURIComponent(pageUrl);
  const text = encodeURIComponent(title);
  return [
    { name: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${url}` },
    { name: "X", href: `https://x.com/intent/post?url=${url}&text=${text}` },
    { name: "LinkedIn", href: `https://www.linkedin.com/sharing/share-offsite/?url=${url}` },
    { name: "Messenger", href: `fb-messenger://share/?link=${url}` },
    { name: "Email", href: `mailto:?subject=${text}&body=${encodeURIComponent(`${title}\n${pageUrl}`)}` },
  ];
}
