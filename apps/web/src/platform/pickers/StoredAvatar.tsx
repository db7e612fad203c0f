import type { ReactNode } from 'react';
import { Avatar, type AvatarProps } from 'antd';
import { useStoredFileUrl } from '../http/storedFile';

interface StoredAvatarProps extends Omit<AvatarProps, 'src'> {
  /** Stored path of the image (`avatar/x.png`), a static route path or an outside URL. */
  path: string | null | undefined;
}

/**
 * An antd `Avatar` showing a stored image (SPEC §7 static): fetched with the session headers and
 * shown through an object URL (files are served to signed-in members of the owning tenant
 * only); the icon or children show while it loads or when there is none.
 */
export function StoredAvatar({ path, ...props }: StoredAvatarProps): ReactNode {
  const src = useStoredFileUrl(path);
  return <Avatar {...props} src={src} />;
}
