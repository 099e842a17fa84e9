// The app's toaster (spec section 9: top right; 4 s for errors and plain toasts, 2 s for success,
// loading until replaced), placed by toastArea.ts so toasts cover no control.
import { useEffect, useState } from 'react';
import { ToastBar, Toaster } from 'react-hot-toast';
import { toastOffset, useToastArea, type ToastOffset } from './toastArea';
import './toast.css';

function useToastOffset(): ToastOffset {
  const area = useToastArea((state) => state.area);
  const [offset, setOffset] = useState(() => toastOffset(area));
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const next = toastOffset(area);
        setOffset((current) => (current.top === next.top && current.right === next.right ? current : next));
      });
    };
    measure();
    window.addEventListener('resize', measure);
    const resized = new ResizeObserver(measure);
    const header = document.querySelector('header.navbar');
    if (header) resized.observe(header);
    // The editor's toolbar and pages appear once its PDF is open, and banners come and go above it.
    const changed = new MutationObserver(measure);
    if (area) {
      resized.observe(area);
      changed.observe(area, { childList: true, subtree: true });
    }
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', measure);
      resized.disconnect();
      changed.disconnect();
    };
  }, [area]);
  return offset;
}

export function ToastHost() {
  const { top, right } = useToastOffset();
  return (
    <Toaster
      position="top-right"
      containerStyle={{ top, right }}
      toastOptions={{
        duration: 4000,
        success: { duration: 2000 },
        error: { duration: 4000 },
        loading: { duration: Infinity },
      }}
    >
      {(toast) => (
        <ToastBar
          toast={toast}
          style={{ animation: toast.visible ? 'app-toast-in 200ms ease-out' : 'app-toast-out 200ms ease-in forwards' }}
        />
      )}
    </Toaster>
  );
}
