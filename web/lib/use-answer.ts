import { useEffect, useState } from 'react';

/**
 * What `ask` answers, `before` until it does: asked when the component mounts (and again if `ask` changes), and kept
 * only while the component is still on screen. `ask` null: nothing to ask, the answer is `before`.
 */
export function useAnswer<Answer>(ask: (() => Promise<Answer>) | null, before: Answer): Answer {
  const [answer, setAnswer] = useState(before);
  useEffect(() => {
    if (!ask) return;
    let current = true;
    void ask().then((value) => {
      if (current) setAnswer(value);
    });
    return () => {
      current = false;
    };
  }, [ask]);
  return answer;
}
