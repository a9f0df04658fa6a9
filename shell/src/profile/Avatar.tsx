import { useState } from 'react';
import './profilePhoto.css';

/** Up to two letters for a name: first and last word ('Ada Lovelace' → 'AL'), else its first letter ('ada@example.com' → 'A'). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/[\s@._-]+/u).filter(Boolean);
  const letter = (word: string | undefined) => (word ? (Array.from(word)[0] ?? '') : '');
  if (name.includes('@') || words.length < 2) return letter(words[0]).toLocaleUpperCase() || '?';
  return `${letter(words[0])}${letter(words[words.length - 1])}`.toLocaleUpperCase();
}

export interface AvatarProps {
  name: string;
  /** Images to try in order (the uploaded photo's link, the account's photoURL); initials when none loads. */
  sources: readonly (string | null | undefined)[];
  size: 'small' | 'medium' | 'large';
  /** What the picture says; '' when text beside it already names the person (it is then hidden from screen readers). */
  alt: string;
  /** When the initials stand in for a photo, what they say instead of `alt` (default: alt). */
  fallbackLabel?: string;
  /** A source failed to load (an expired link is fetched again). */
  onSourceError?: (source: string) => void;
}

/** A round picture of the person: the first source that loads, else their initials. */
export function Avatar({ name, sources, size, alt, fallbackLabel, onSourceError }: AvatarProps) {
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  const source = sources.find((candidate): candidate is string => typeof candidate === 'string' && candidate !== '' && !failed.has(candidate));
  const className = `avatar avatar--${size}`;
  if (source) {
    return (
      <img
        key={source}
        className={className}
        src={source}
        alt={alt}
        data-testid="avatar-image"
        // The link comes from platform-api, another origin: no referrer needed.
        referrerPolicy="no-referrer"
        onError={() => {
          setFailed((previous) => new Set(previous).add(source));
          onSourceError?.(source);
        }}
      />
    );
  }
  const label = fallbackLabel ?? alt;
  return (
    <span className={`${className} avatar--initials`} data-testid="avatar-initials" {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}>
      {initialsOf(name)}
    </span>
  );
}
