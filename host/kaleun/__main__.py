from kaleun.cli import main

raise SystemExit(main())
