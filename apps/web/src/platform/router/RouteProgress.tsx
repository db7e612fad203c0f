import { useEffect } from 'react';
import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import { useNavigation } from 'react-router';

NProgress.configure({ showSpinner: false });

/** Shows the top progress bar while mounted: the Suspense fallback of lazily loaded screens. */
export function RouteProgress(): null {
  useEffect(() => {
    NProgress.start();
    return () => {
      NProgress.done();
    };
  }, []);
  return null;
}

/** Shows the progress bar while the router navigates (SPEC §2). */
export function NavigationProgress(): null {
  const navigation = useNavigation();
  useEffect(() => {
    if (navigation.state === 'idle') NProgress.done();
    else NProgress.start();
  }, [navigation.state]);
  return null;
}
