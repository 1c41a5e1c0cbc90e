/** Web tests (happy-dom): React's act() environment. Component tests clean up through ./render. */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
