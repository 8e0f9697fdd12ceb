from ginrummy_tui.cli import main

raise SystemExit(main())
